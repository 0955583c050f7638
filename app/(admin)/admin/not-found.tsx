import { NotFoundPanel } from "@/components/layout/not-found-panel";

/** A back-office page or record that does not exist, inside the back office's shell (status 404). */
export default function AdminNotFound() {
  return <NotFoundPanel area="admin" />;
}
