import { notFound } from "next/navigation";

/** Any path no page answers: the not-found page inside the dashboard's shell, not Next's bare one. */
export default function MissingPage() {
  notFound();
}
