/**
 * The fake's DialogV2.wait with a user at it copies core v13: the content goes into the dialog's
 * form with the buttons after it, `render` gets the dialog once drawn, a change bubbles up to the
 * form, a pressed button's callback gets the button (its `form` the dialog's form) and the dialog
 * resolves to what it returns; the fake DOM's fields read as a browser's (a select's value is its
 * selected option's, else its first; a checkbox's `checked` its attribute until changed).
 */
import { describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";

const CONTENT = `
  <div data-row hidden><label for="a">A</label><input id="a" name="hid" type="number" value="7"></div>
  <select name="kind"><option value="x">X</option><option value="y" selected>Y &amp; Z</option></select>
  <input type="checkbox" name="box" checked>
  <p data-out>—</p>`;

interface Dialogs {
  wait(options: object): Promise<unknown>;
}

describe("the fake's DialogV2.wait with a user", () => {
  it("draws the form, bubbles changes to it, and resolves to the pressed button's callback", async () => {
    const fake = installFakeFoundry({});
    const dialogs = foundry.applications.api.DialogV2 as unknown as Dialogs;
    const changes: string[] = [];
    fake.dialogs.user = (dialog) => {
      expect(dialog.shown("kind")).toBe(true);
      expect(dialog.shown("hid")).toBe(false);
      expect(() => {
        dialog.type("hid", "3");
      }).toThrow(/hidden/);
      expect(() => {
        dialog.choose("kind", "w");
      }).toThrow(/offers no w/);
      dialog.choose("kind", "x");
      dialog.check("box", false);
      expect(dialog.text("[data-out]")).toBe("x");
      dialog.press("go");
    };
    const result = await dialogs.wait({
      content: CONTENT,
      buttons: [
        {
          action: "go",
          label: "Go",
          callback: (_e: unknown, button: HTMLButtonElement) => {
            const form = button.form;
            if (form === null) return null;
            return Array.from(form.elements)
              .filter((e) => e instanceof HTMLInputElement || e instanceof HTMLSelectElement)
              .map((e) => {
                const field = e as HTMLInputElement;
                return `${field.name}=${field.type === "checkbox" ? String(field.checked) : field.value}`;
              });
          },
        },
      ],
      render: (_event: unknown, dialog: { element: HTMLElement }) => {
        const form = dialog.element.querySelector("form");
        form?.addEventListener("change", (event) => {
          const target = event.target as HTMLSelectElement;
          changes.push(target.name);
          const out = dialog.element.querySelector("[data-out]");
          const kind = form.querySelector<HTMLSelectElement>("select[name=kind]");
          if (out !== null && kind !== null) out.textContent = kind.value;
        });
      },
    });
    expect(result).toEqual(["hid=7", "kind=x", "box=false"]);
    expect(changes).toEqual(["kind", "box"]);
  });

  it("reads a select with nothing marked selected as its first option, and closes to null", async () => {
    const fake = installFakeFoundry({});
    const dialogs = foundry.applications.api.DialogV2 as unknown as Dialogs;
    let value = "";
    fake.dialogs.user = (dialog) => {
      value = dialog.element.querySelector<HTMLSelectElement>("select[name=s]")?.value ?? "missing";
    };
    const closed = await dialogs.wait({
      content: '<select name="s"><option value="p">P</option><option value="q">Q</option></select>',
      buttons: [{ action: "ok" }],
    });
    expect(value).toBe("p");
    expect(closed).toBeNull();
    // The user works one dialog: the next one is read and closed.
    expect(fake.dialogs.user).toBeNull();
  });
});
