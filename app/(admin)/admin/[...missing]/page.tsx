import { notFound } from "next/navigation";

/** Any /admin path no page answers: the back office's not-found page, not the dashboard's. */
export default function MissingAdminPage() {
  notFound();
}
