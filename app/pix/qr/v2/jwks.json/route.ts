import { locationJwks } from "@/server/charges/location";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(locationJwks());
}
