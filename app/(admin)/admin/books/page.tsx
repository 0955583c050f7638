import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { BooksReport } from "@/components/admin-books/books-report";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminBooks");
}

export default function AdminBooksPage() {
  return (
    <SectionPage section="adminBooks">
      <BooksReport />
    </SectionPage>
  );
}
