/**
 * Field offsets of one body record written by `World.readBodyTransforms`. Awake is 1 or 0
 * (static bodies are never awake); Id is 0 for a free slot.
 */
export const BodyRecord = {
  Id: 0,
  Awake: 1,
  X: 2,
  Y: 3,
  C: 4,
  S: 5,
  VX: 6,
  VY: 7,
  W: 8,
  Size: 9,
} as const;
