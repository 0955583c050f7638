import { redirect } from "next/navigation";
import { getSession, homePathOf } from "@/server/auth/next-auth";

export default async function Home() {
  const session = await getSession();
  redirect(session ? homePathOf(session.user) : "/login");
}
