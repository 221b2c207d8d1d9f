/**
 * The fake's settings and forms copy core v13: a world setting is a Setting document, which the
 * server lets only a user with SETTINGS_MODIFY (ASSISTANT and up) write, while a client setting is
 * the user's own; a restricted menu is listed only for such a user; and a form application's
 * submit runs its `form.handler` with the FormDataExtended object, closing after when asked.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import { ApplicationV2 } from "../fake-foundry/applications.ts";

const ASSISTANT = { id: "assistant", name: "Assistant", isGM: true, active: true, role: 3 };

describe("the fake's settings", () => {
  it("lets a GM or an assistant write a world setting, refuses a player, and lets a player set a client one", async () => {
    const fake = installFakeFoundry({ users: [GM, PLAYER, ASSISTANT] });
    fake.settings.register("fray", "x", { scope: "world", type: Number, default: 1 });
    await fake.as(GM.id, () => fake.settings.set("fray", "x", 2));
    await fake.as(ASSISTANT.id, () => fake.settings.set("fray", "x", 3));
    await expect(fake.as(PLAYER.id, () => fake.settings.set("fray", "x", 4))).rejects.toThrow(
      /permission/,
    );
    expect(fake.settings.get("fray", "x")).toBe(3);
    await fake.as(PLAYER.id, () => fake.settings.set("core", "rollMode", "gmroll"));
    expect(fake.as(PLAYER.id, () => fake.settings.get("core", "rollMode"))).toBe("gmroll");
  });

  it("lists a restricted menu only for a user who may modify settings", () => {
    const fake = installFakeFoundry({ users: [GM, PLAYER] });
    fake.settings.registerMenu("fray", "gm", { type: ApplicationV2, restricted: true });
    fake.settings.registerMenu("fray", "all", { type: ApplicationV2, restricted: false });
    expect(fake.as(GM.id, () => fake.settings.menusShown())).toEqual(["fray.gm", "fray.all"]);
    expect(fake.as(PLAYER.id, () => fake.settings.menusShown())).toEqual(["fray.all"]);
  });
});

describe("the fake's form submit", () => {
  it("runs the handler on the application with the form's object, and closes when asked", async () => {
    const seen: unknown[] = [];
    class Form extends ApplicationV2 {
      static override DEFAULT_OPTIONS = {
        tag: "form",
        form: {
          closeOnSubmit: true,
          handler(this: Form, _e: unknown, _f: unknown, data: { object: unknown }) {
            seen.push(this, data.object);
            return Promise.resolve();
          },
        },
      };
    }
    const app = new Form();
    await app.render(true);
    await app.submitForm({ a: 1, b: true });
    expect(seen).toEqual([app, { a: 1, b: true }]);
    expect(app.rendered).toBe(false);
    await expect(new ApplicationV2().submitForm({})).rejects.toThrow(/not a form/);
  });
});
