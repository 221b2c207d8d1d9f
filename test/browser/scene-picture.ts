/**
 * The browser harness's own drawing of a scene (not Foundry's canvas): grid, walls, core Regions
 * (their shape data as core stores it), tokens and a dragged path, as SVG in the scene's pixels
 * scaled to `cell` pixels a space. A README picture shown with Fray's real templates over it
 * (scene-picture.hbs); the data drawn comes from the shell's scene, never typed in by hand.
 */

/** A token as drawn: where it stands (scene pixels, top-left), its side, and whether to ring it. */
export interface DrawnToken {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly side: "friend" | "foe";
  /** Ringed in yellow: the area's code counts it inside. */
  readonly inside?: boolean;
}

/** A core Region shape's data (v13 BaseShapeData), in scene pixels. */
export type DrawnShape =
  | { readonly type: "circle"; readonly x: number; readonly y: number; readonly radius: number }
  | {
      readonly type: "rectangle";
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
    }
  | { readonly type: "polygon"; readonly points: readonly number[] };

export interface ScenePicture {
  readonly cols: number;
  readonly rows: number;
  /** Pixels of the scene a space (its grid size). */
  readonly gridSize: number;
  /** Pixels of the drawing a space. */
  readonly cell: number;
  /** Walls as core stores them: [x0, y0, x1, y1] in scene pixels. */
  readonly walls?: readonly (readonly number[])[];
  readonly regions?: readonly { readonly shapes: readonly DrawnShape[] }[];
  readonly tokens: readonly DrawnToken[];
  /** Waypoints of a dragged path: tokens' top-left corners, in scene pixels. */
  readonly path?: readonly { readonly x: number; readonly y: number }[];
}

const n = (value: number) => String(Math.round(value * 100) / 100);

/** Escapes a name for the SVG's text. */
const text = (value: string) =>
  value.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );

/** The SVG of the picture. */
export function sceneSvg(picture: ScenePicture): string {
  const { cols, rows, cell } = picture;
  const k = cell / picture.gridSize;
  const width = cols * cell;
  const height = rows * cell;
  const lines: string[] = [`<rect width="${n(width)}" height="${n(height)}" fill="#d9d2bf"/>`];
  for (let c = 0; c <= cols; c++) {
    lines.push(
      `<line x1="${n(c * cell)}" y1="0" x2="${n(c * cell)}" y2="${n(height)}" stroke="#0003"/>`,
    );
  }
  for (let r = 0; r <= rows; r++) {
    lines.push(
      `<line x1="0" y1="${n(r * cell)}" x2="${n(width)}" y2="${n(r * cell)}" stroke="#0003"/>`,
    );
  }
  const area = `fill="#dd6633" fill-opacity="0.3" stroke="#dd6633" stroke-width="3"`;
  for (const region of picture.regions ?? []) {
    for (const shape of region.shapes) {
      if (shape.type === "circle") {
        lines.push(
          `<circle cx="${n(shape.x * k)}" cy="${n(shape.y * k)}" r="${n(shape.radius * k)}" ${area}/>`,
        );
      } else if (shape.type === "rectangle") {
        lines.push(
          `<rect x="${n(shape.x * k)}" y="${n(shape.y * k)}" width="${n(shape.width * k)}" height="${n(shape.height * k)}" ${area}/>`,
        );
      } else {
        const points: string[] = [];
        for (let i = 0; i + 1 < shape.points.length; i += 2) {
          points.push(`${n((shape.points[i] ?? 0) * k)},${n((shape.points[i + 1] ?? 0) * k)}`);
        }
        lines.push(`<polygon points="${points.join(" ")}" ${area}/>`);
      }
    }
  }
  for (const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] of picture.walls ?? []) {
    lines.push(
      `<line x1="${n(x0 * k)}" y1="${n(y0 * k)}" x2="${n(x1 * k)}" y2="${n(y1 * k)}" stroke="#3a2a1a" stroke-width="6" stroke-linecap="round"/>`,
    );
  }
  const path = picture.path ?? [];
  if (path.length > 1) {
    const points = path.map((p) => `${n(p.x * k + cell / 2)},${n(p.y * k + cell / 2)}`);
    lines.push(
      `<polyline points="${points.join(" ")}" fill="none" stroke="#1e6fd9" stroke-width="5" stroke-dasharray="10 6"/>`,
    );
  }
  for (const t of picture.tokens) {
    const cx = t.x * k + cell / 2;
    const cy = t.y * k + cell / 2;
    const fill = t.side === "friend" ? "#2a6ca6" : "#8b1e1e";
    const ring = t.inside === true ? "#ffd21f" : "#fff";
    lines.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(cell * 0.42)}" fill="${fill}" stroke="${ring}" stroke-width="${t.inside === true ? "5" : "3"}"/>`,
      `<text x="${n(cx)}" y="${n(cy + 6)}" text-anchor="middle" font-size="18" font-weight="bold" fill="#fff">${text(t.name.slice(0, 1))}</text>`,
      `<text x="${n(cx)}" y="${n(cy + cell * 0.62)}" text-anchor="middle" font-size="12" fill="#191813">${text(t.name)}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}">${lines.join("")}</svg>`;
}
