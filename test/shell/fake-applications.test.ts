/** The fake's ApplicationV2 keeps core v13's rule for a closed window: only a forced render reopens it. */
import { describe, expect, it } from "vitest";
import { ApplicationV2 } from "../fake-foundry/applications.ts";

class Counting extends ApplicationV2 {
  closes = 0;
  override _onClose(): void {
    this.closes++;
  }
}

describe("the fake ApplicationV2", () => {
  it("runs _onClose on close, stays closed on a plain render, and reopens when forced", async () => {
    const app = new Counting();
    await app.render({ force: true });
    await app.close();
    expect(app.closes).toBe(1);
    expect(app.rendered).toBe(false);
    await app.render();
    expect(app.rendered).toBe(false);
    await app.render({ force: true });
    expect(app.rendered).toBe(true);
  });
});
