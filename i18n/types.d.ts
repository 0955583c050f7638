import type messages from "../messages/pt-BR";
import type { AppLocale } from "./config";

/** Typed message keys and locales for next-intl (pt-BR is the reference catalogue). */
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof messages;
  }
}
