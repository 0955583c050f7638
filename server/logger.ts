import pino from "pino";
import { config } from "./config";

/** JSON lines in production; pretty in development. Secrets are redacted by path. */
function createLogger() {
  const { NODE_ENV, LOG_LEVEL } = config();
  return pino({
    level: NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : LOG_LEVEL,
    redact: {
      paths: [
        "*.password",
        "*.clientSecret",
        "*.client_secret",
        "*.secret",
        "*.authorization",
        "*.authHeader",
        "req.headers.authorization",
        "headers.authorization",
      ],
      censor: "[redacted]",
    },
    ...(NODE_ENV === "development"
      ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } } }
      : {}),
  });
}

let instance: pino.Logger | undefined;
export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
