import { NotAllowed } from "@/components/auth/not-allowed";

/** What `forbidden()` renders, with status 403: a signed-in user outside their area. */
export default function Forbidden() {
  return <NotAllowed />;
}
