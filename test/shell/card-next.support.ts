/**
 * What a card's shared next-step part (templates/cards/parts/next-step.hbs) says, as a person
 * reads it: the next-step line and the number to beat, with HTML entities decoded.
 */
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#x3D;": "=",
  "&#x60;": "`",
};

const decode = (html: string) =>
  html.replace(/&(?:amp|lt|gt|quot|#x27|#x3D|#x60);/g, (entity) => ENTITIES[entity] ?? entity);

function textOf(content: string, className: string): string | null {
  const found = new RegExp(`<p class="${className}">([^<]*)</p>`).exec(content);
  return found === null ? null : decode(found[1] ?? "").trim();
}

/** The card's next-step line ("Waiting for … to …", "GM: …", "Done: …"), or null. */
export function nextStepLine(content: string): string | null {
  return textOf(content, "fray-card-next-step");
}

/** The number the awaited roll must reach, in words, or null. */
export function targetLine(content: string): string | null {
  return textOf(content, "fray-card-target-number");
}

/** The card's result line, or null. */
export function resultText(content: string): string | null {
  const found = /<p class="fray-card-result [a-z]+">([^<]*)<\/p>/.exec(content);
  return found === null ? null : decode(found[1] ?? "").trim();
}
