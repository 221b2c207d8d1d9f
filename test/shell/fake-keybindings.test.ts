/**
 * The fake's `game.keybindings` does what core's ClientKeybindings and KeyboardManager do with
 * a system's actions (see test/fake-foundry/keybindings.ts).
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { ClientKeybindings } from "../fake-foundry/keybindings.ts";
import { installFakeFoundry } from "../fake-foundry/index.ts";

describe("the fake's keybindings", () => {
  it("refuse a registration after init, as core does", () => {
    const keys = new ClientKeybindings();
    keys.register("fray", "one", { name: "One", editable: [{ key: "KeyO" }] });
    expect(() => {
      keys.register("", "two", { name: "Two" });
    }).toThrow(/namespace and action/);
    expect(keys.get("fray", "one")).toEqual([{ key: "KeyO" }]);
    expect(() => {
      keys.register("fray", "two", { name: "Two" });
    }).toThrow(/after the init hook/);
  });

  it("run the actions bound to the key by precedence and order until one consumes it", () => {
    const fake = installFakeFoundry({ users: [GM, PLAYER], userId: PLAYER.id });
    const keys = fake.game.keybindings;
    const ran: string[] = [];
    keys.register("a", "late", {
      name: "Late",
      editable: [{ key: "KeyK" }],
      precedence: 2,
      onDown: () => ran.push("late") > 0,
    });
    keys.register("a", "gm", {
      name: "GM",
      editable: [{ key: "KeyK" }],
      restricted: true,
      onDown: () => ran.push("gm") > 0,
    });
    keys.register("a", "first", {
      name: "First",
      editable: [{ key: "KeyK" }],
      onDown: () => {
        ran.push("first");
        return undefined;
      },
    });
    keys.register("a", "shifted", { name: "S", editable: [{ key: "KeyK", modifiers: ["Shift"] }] });
    // A player: the GM-only action is skipped; "first" does not consume, "late" does.
    expect(keys.press("KeyK")).toEqual(["a.first", "a.late"]);
    expect(ran).toEqual(["first", "late"]);
    // A GM: the restricted action runs (precedence 1, registered before "first") and consumes.
    fake.setUser(GM.id);
    ran.length = 0;
    expect(keys.press("KeyK")).toEqual(["a.gm"]);
    expect(keys.press("KeyK", ["Shift"])).toEqual(["a.shifted"]);
  });

  it("let a player rebind an action, but not a GM-only one", async () => {
    const fake = installFakeFoundry({ users: [GM, PLAYER], userId: PLAYER.id });
    const keys = fake.game.keybindings;
    keys.register("a", "mine", { name: "Mine", editable: [{ key: "KeyA" }] });
    keys.register("a", "gm", { name: "GM", editable: [{ key: "KeyG" }], restricted: true });
    await keys.set("a", "mine", [{ key: "KeyB" }]);
    expect(keys.get("a", "mine")).toEqual([{ key: "KeyB" }]);
    await expect(keys.set("a", "gm", [{ key: "KeyH" }])).rejects.toThrow(/Only a GM/);
  });
});
