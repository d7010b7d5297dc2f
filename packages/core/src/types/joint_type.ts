/** The joint kinds. Each has its module in joints/ and its entry in joints/registry.ts. */
export const JointType = {
  Distance: 0,
  Revolute: 1,
  Prismatic: 2,
  Weld: 3,
  Wheel: 4,
  Mouse: 5,
  Motor: 6,
  Filter: 7,
} as const;
export type JointType = (typeof JointType)[keyof typeof JointType];
