import { NotFoundPanel } from "@/components/layout/not-found-panel";

/** A page or record that does not exist, inside the dashboard's shell (status 404). */
export default function DashboardNotFound() {
  return <NotFoundPanel area="dashboard" />;
}
