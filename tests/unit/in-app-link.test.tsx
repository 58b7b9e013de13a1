import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InAppLink, inAppDestination } from "~/components/ui/in-app-link";

const here = { origin: "https://app.example", pathname: "/trades", search: "?page=2", hash: "" };

/** A click on an element inside an in-app anchor (closest() finds the anchor, as the DOM's does). */
function clickOn(anchor: { href: string; target?: string; attributes?: string[] } | null, init: Partial<{ button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean; defaultPrevented: boolean }> = {}) {
  const found = anchor && { href: anchor.href, target: anchor.target ?? "", hasAttribute: (name: string) => (anchor.attributes ?? []).includes(name) };
  const icon = { closest: (selector: string) => (selector === "a[data-in-app]" ? found : null) };
  return { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false, target: icon as unknown as EventTarget, ...init };
}

describe("in-app links", () => {
  it("follows a plain left click on an in-app anchor inside the app, keeping its search and hash", () => {
    expect(inAppDestination(clickOn({ href: "https://app.example/trades/33/edit?page=2#note" }), here)).toEqual({
      to: "/trades/33/edit?page=2#note",
      replace: false,
      preventScrollReset: false,
    });
  });

  it("replaces the history entry when the link is the current address, and keeps the scroll when asked", () => {
    expect(inAppDestination(clickOn({ href: "https://app.example/trades?page=2", attributes: ["data-keep-scroll"] }), here)).toEqual({
      to: "/trades?page=2",
      replace: true,
      preventScrollReset: true,
    });
  });

  it("leaves to the browser what a Link leaves to it: other buttons, modifier keys, other targets, downloads, other origins", () => {
    const anchor = { href: "https://app.example/trades/33/edit" };
    expect(inAppDestination(clickOn(anchor, { button: 1 }), here)).toBeNull();
    expect(inAppDestination(clickOn(anchor, { ctrlKey: true }), here)).toBeNull();
    expect(inAppDestination(clickOn(anchor, { metaKey: true }), here)).toBeNull();
    expect(inAppDestination(clickOn(anchor, { shiftKey: true }), here)).toBeNull();
    expect(inAppDestination(clickOn(anchor, { altKey: true }), here)).toBeNull();
    expect(inAppDestination(clickOn(anchor, { defaultPrevented: true }), here)).toBeNull();
    expect(inAppDestination(clickOn({ ...anchor, target: "_blank" }), here)).toBeNull();
    expect(inAppDestination(clickOn({ ...anchor, attributes: ["download"] }), here)).toBeNull();
    expect(inAppDestination(clickOn({ href: "https://elsewhere.example/trades/33/edit" }), here)).toBeNull();
  });

  it("ignores clicks outside an in-app anchor", () => {
    expect(inAppDestination(clickOn(null), here)).toBeNull();
    expect(inAppDestination({ ...clickOn(null), target: null }, here)).toBeNull();
  });

  it("renders an anchor Remix's route discovery finds, with the path as written", () => {
    const html = renderToString(
      <InAppLink to="/trades/33/edit?page=2" keepScroll className="x" aria-label="Edit trade #33">
        Edit
      </InAppLink>,
    );
    expect(html).toBe('<a class="x" aria-label="Edit trade #33" href="/trades/33/edit?page=2" data-discover="true" data-in-app="" data-keep-scroll="">Edit</a>');
  });
});
