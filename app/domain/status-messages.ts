// The toast and API message after an on/off switch in a list: one wording per kind of row,
// shared by the page's switch and the JSON API's status call.

export type SwitchedThing = "Symbol" | "Sector" | "Key";

export const turnedMessage = (thing: SwitchedThing, on: boolean): string => `${thing} turned ${on ? "on" : "off"}`;

export const USER_ACTIVATED = "User activated";
export const USER_DEACTIVATED = "User deactivated: their sessions have ended";
export const userStatusMessage = (active: boolean): string => (active ? USER_ACTIVATED : USER_DEACTIVATED);

export const targetPointStatusMessage = (active: boolean): string => (active ? "Target point activated" : "Target point de-activated");
