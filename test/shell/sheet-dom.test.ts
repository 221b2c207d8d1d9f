/**
 * The stand-in DOM the hotbar tests read a rendered sheet with (sheet-dom.support.ts) reads what a
 * browser would: nesting (void elements close themselves), `dataset` in camelCase, a select's
 * value (its selected option, else its first), an input's value, entities decoded, and
 * `closest` / `querySelectorAll` with a tag, classes and attributes.
 */
import { describe, expect, it } from "vitest";
import { parseHtml } from "./sheet-dom.support.ts";

const HTML = `<div class="sheet"><table><tr class="row draggable" data-item-id="abc">
  <td><img src="a.png" alt=""><button type="button" data-action="reload" data-some-thing="x &amp; y">R</button></td>
</tr></table>
<span class="pick"><select class="who"><option value="a">A</option><option value="b" selected>B</option></select>
<select class="first"><option value="one">1</option><option value="two">2</option></select>
<input class="feet" type="number" value="30" /><button data-action="go">Go</button></span></div>`;

describe("the stand-in DOM of a rendered sheet", () => {
  it("nests as a browser does and finds by tag, class and attribute", () => {
    const root = parseHtml(HTML);
    const reload = root.querySelector('button[data-action="reload"]');
    expect(reload?.dataset).toEqual({ action: "reload", someThing: "x & y" });
    expect(reload?.closest(".draggable[data-item-id]")?.dataset["itemId"]).toBe("abc");
    expect(reload?.closest(".pick")).toBeNull();
    const go = root.querySelector('[data-action="go"]');
    expect(go?.closest(".pick")?.querySelector("input.feet")?.value).toBe("30");
    expect(root.querySelectorAll("button[data-action]")).toHaveLength(2);
  });

  it("a select's value is its selected option, else its first", () => {
    const root = parseHtml(HTML);
    expect(root.querySelector("select.who")?.value).toBe("b");
    expect(root.querySelector("select.first")?.value).toBe("one");
  });
});
