import type { TestProject } from "vitest/node";
import { createRunDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createRunDatabase("pix_it");
  project.provide("databaseUrl", database.url);
  return () => database.release();
}
