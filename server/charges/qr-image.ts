import QRCode from "qrcode";

/** The BR Code as a PNG data URL (dashboard and gateway responses). */
export function qrCodePng(emv: string): Promise<string> {
  return QRCode.toDataURL(emv, { errorCorrectionLevel: "M", margin: 2, width: 320 });
}

export function qrCodeSvg(emv: string): Promise<string> {
  return QRCode.toString(emv, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
