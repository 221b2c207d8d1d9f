/** Fray's Actor document. Rules live in src/rules; this class only adapts actor data to them. */
export class FrayActor extends Actor {}
