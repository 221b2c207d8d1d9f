/** Fray's Item document. */
export class FrayItem extends Item {}
