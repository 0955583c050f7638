import { resetConfigForTests } from "../../server/config";

/**
 * Puts this file's config on the PIX network (PIX_RAIL=network, as ISPB 12345678) with the SPI and DICT at loopback
 * addresses, by default ones nothing answers at; tests/support/setup.ts restores the environment
 * after the file.
 */
export function useNetworkRail(
  urls: { spi: string; dict: string } = { spi: "http://127.0.0.1:9/spi", dict: "http://127.0.0.1:9/dict" },
) {
  Object.assign(process.env, { PIX_RAIL: "network", PSP_ISPB: "12345678", SPI_URL: urls.spi, DICT_URL: urls.dict });
  resetConfigForTests();
}
