/**
 * The tracker's DOM wiring that needs no Foundry global, so the browser tests can run it in
 * Chromium against the real template (test/browser/tracker-dom.test.ts): the GM's drag and drop
 * of a combatant onto a team, and the forms of the team dialogs. Nothing here may import.
 */

/** What a dragged combatant row carries (as text, so core's own drop handlers ignore it). */
export function dragPayload(combatantId: string): string {
  return JSON.stringify({ fray: combatantId });
}

/** The combatant id a drop carries, or "" when the drop is not a Fray combatant. */
export function droppedCombatant(text: string): string {
  try {
    const data = JSON.parse(text || "{}") as { fray?: unknown };
    return typeof data.fray === "string" ? data.fray : "";
  } catch {
    return "";
  }
}

/**
 * Makes every combatant row of the tracker draggable and every team block a drop target;
 * `onMove(combatantId, teamId)` runs for a combatant dropped onto a team.
 */
export function wireTeamDrag(
  root: ParentNode,
  onMove: (combatantId: string, teamId: string) => void,
): void {
  for (const li of root.querySelectorAll<HTMLElement>(".fray-tracker [data-combatant-id]")) {
    li.draggable = true;
    li.addEventListener("dragstart", (event) => {
      event.dataTransfer?.setData("text/plain", dragPayload(li.dataset["combatantId"] ?? ""));
    });
  }
  for (const block of root.querySelectorAll<HTMLElement>(".fray-tracker .fray-team")) {
    block.addEventListener("dragover", (event) => {
      event.preventDefault();
    });
    block.addEventListener("drop", (event) => {
      event.preventDefault();
      const teamId = block.dataset["teamId"] ?? "";
      const combatantId = droppedCombatant(event.dataTransfer?.getData("text/plain") ?? "");
      if (combatantId === "" || teamId === "") return;
      onMove(combatantId, teamId);
    });
  }
}

/** The team dialog's form: the name and colour inputs, escaped with `escape`. */
export function teamForm(
  labels: { readonly name: string; readonly color: string },
  name: string,
  color: string,
  escape: (text: string) => string,
): string {
  return (
    `<label>${escape(labels.name)} <input name="name" type="text" value="${escape(name)}"></label>` +
    `<label>${escape(labels.color)} <input name="color" type="color" value="${escape(color)}"></label>`
  );
}

/** What the GM typed in the team dialog. */
export function readTeamForm(form: HTMLFormElement | null): { name: string; color: string } {
  const read = (field: string) =>
    (form?.elements.namedItem(field) as HTMLInputElement | null)?.value ?? "";
  return { name: read("name"), color: read("color") };
}

/** The "Move to team" dialog's form (from the combatant's context menu): one select of teams. */
export function moveForm(
  label: string,
  teams: readonly { readonly id: string; readonly name: string }[],
  escape: (text: string) => string,
): string {
  const options = teams
    .map((team) => `<option value="${escape(team.id)}">${escape(team.name)}</option>`)
    .join("");
  return `<label>${escape(label)} <select name="team">${options}</select></label>`;
}

/** The team chosen in the "Move to team" dialog ("" for none). */
export function readMoveForm(form: HTMLFormElement | null): string {
  return (form?.elements.namedItem("team") as HTMLSelectElement | null)?.value ?? "";
}
