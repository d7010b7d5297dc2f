/**
 * The public joint-definition localizer, by joint type: the registry names the type's
 * entry, joint_def.ts does the work (a module of its own, as joint_def.ts names the
 * registry's entry type).
 */
import { fail } from '../base/validate.js';
import type { JointType } from '../types/joint_type.js';
import { type BodyPose, localizeJointDef as localizeWithEntry } from './joint_def.js';
import { jointCreateMethod, jointTypes } from './registry.js';

/**
 * A copy of a joint definition of `type` with its world points (`anchor`, `anchorA`,
 * `anchorB`, `axis`) turned into local forms from the given body poses, and what they
 * determine (`referenceAngle`, `length`) filled in, as `create*Joint` does from the bodies'
 * current poses. For clients of a world in another thread: they resolve with the poses
 * they last saw, so both sides store the same joint. A definition without world points
 * comes back as it is.
 */
export function localizeJointDef<D extends object>(
  type: JointType,
  def: D,
  poseA: BodyPose,
  poseB: BodyPose,
): D {
  const entry = jointTypes[type];
  if (entry === undefined) fail('localizeJointDef', 'type', 'a JointType', type);
  return localizeWithEntry(jointCreateMethod(entry), entry, def, poseA, poseB);
}
