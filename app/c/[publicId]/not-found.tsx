import { getTranslations } from "next-intl/server";

export default async function PaymentPageNotFound() {
  const t = await getTranslations("paymentPage.notFound");
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-lg font-semibold text-slate-900">{t("title")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("body")}</p>
    </main>
  );
}
