import path from "node:path";
import { defineConfig } from "prisma/config";
import { MigrationAdapterFactory } from "./prisma/migration-adapter";

// `prisma generate` on a fresh `npm ci` must not need a database, but it must see a URL
// (without one it tries to download a query engine): give it a placeholder.
const PLACEHOLDER_URL = "postgresql://placeholder@127.0.0.1:5432/placeholder";
process.env.DATABASE_URL ??= PLACEHOLDER_URL;
const databaseUrl = process.env.DATABASE_URL;

export default defineConfig({
  experimental: { adapter: true },
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations"), seed: "tsx prisma/seed.ts" },
  engine: "js",
  adapter: async () => new MigrationAdapterFactory(databaseUrl),
});
