import { create } from "qrcode";

/** Quiet zone the QR specification asks for around the code, in modules. */
const MARGIN = 4;

/**
 * The caption link as a QR code for the room to scan, drawn as one SVG path (crisp at any size,
 * on a projector too). Its module loads only when the speaker shares, with the QR library.
 */
export default function CaptionQr({ url }: { url: string }) {
  const { modules } = create(url, { errorCorrectionLevel: "M" });
  const size = modules.size + MARGIN * 2;
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + MARGIN} ${row + MARGIN}h1v1h-1z`;
    }
  }
  return (
    <svg className="share-captions__qr" viewBox={`0 0 ${size} ${size}`} role="img" shapeRendering="crispEdges">
      <title>QR code of the caption link</title>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
