import { redirect } from "next/navigation";
import { getSession } from "@/server/auth/next-auth";

export default async function Home() {
  redirect((await getSession()) ? "/overview" : "/login");
}
