/**
 * @impulse/react — React bindings for Impulse.
 *
 * `<Physics>` owns one world (in a Web Worker by default) and one animation-frame loop that
 * moves the elements bodies are attached to, with no React render per frame. Bodies, joints,
 * soft constraints and characters are hooks (and components built on them) whose engine
 * objects live exactly as long as the component, StrictMode included.
 */

// Components
export { Physics } from './components/physics.js';
export type { PhysicsProps } from './components/physics.js';
export { Body, Shape } from './components/body.js';
export type { BodyProps } from './components/body.js';
export { Joint, SoftConstraint } from './components/joint.js';
export type { JointProps, SoftConstraintProps } from './components/joint.js';
export { InstancedBodies } from './components/instanced_bodies.js';
export type { InstancedBodiesProps } from './components/instanced_bodies.js';
export { Bounds } from './components/bounds.js';
export type { BoundsProps } from './components/bounds.js';
export { PhysicsDebug } from './components/physics_debug.js';
export { PhysicsCanvas } from './canvas/physics_canvas.js';
export type { PhysicsCanvasProps, PhysicsCanvasApi, CanvasDrawFn } from './canvas/physics_canvas.js';

// Hooks
export { useBody } from './hooks/use_body.js';
export { useBodies } from './hooks/use_bodies.js';
export type { Bodies } from './hooks/use_bodies.js';
export { useJoint } from './hooks/use_joint.js';
export type { JointBody } from './hooks/use_joint.js';
export { useSoftConstraint } from './hooks/use_soft_constraint.js';
export type { SoftConstraintApi } from './hooks/use_soft_constraint.js';
export { useCharacter } from './hooks/use_character.js';
export { useDragSurface } from './hooks/use_drag_surface.js';
export { useRaycast } from './hooks/use_raycast.js';
export type { Raycast, RaycastHit, RaycastOptions } from './hooks/use_raycast.js';
export { usePhysics } from './hooks/use_physics.js';
export type { PhysicsApi } from './hooks/use_physics.js';
export { usePhysicsFrame } from './hooks/use_physics_frame.js';
export { usePhysicsStats } from './hooks/use_physics_stats.js';

// Bodies and shapes
export type { BodyApi } from './body_handle.js';
export { BODY_PROPS } from './body_props.js';
export type { BodyOptions, BodyTypeName, PropKind } from './body_props.js';
export type { ShapeSpec, ShapeMaterial } from './shapes.js';
export type { BodyRef } from './resolve_body.js';
export type { ObjectTarget, TransformTarget } from './element_targets.js';
export type { ContactEvent, HitEvent, BodyEventHandlers } from './contact_router.js';

// Joints, springs, characters
export type {
  JointApi,
  JointKind,
  JointKindParams,
  JointOptions,
  JointCommonOptions,
} from './joint_handle.js';
export type { SoftConstraintOptions, SpringSpec, SoftConstraintAnchors } from './soft_constraint.js';
export type { CharacterApi, CharacterOptions } from './character_handle.js';

// The world, the frame and the screen
export type { Backend, SolverSettings } from './runtime.js';
export type { PhysicsFrame, FrameCallback } from './frame_loop.js';
export type { PhysicsStatsState } from './stats_store.js';
export type { ScreenMapping } from './screen.js';
export type { BodyDragEvent, DragConstraint, DragOptions, DragProps } from './drag.js';

// Canvas rendering
export type { BodyStyle, BodyStyleFn, CanvasBodyInfo } from './canvas/body_style.js';
export { DEFAULT_PALETTE } from './canvas/body_style.js';
export type { CanvasCamera, CanvasViewBox, CanvasPadding } from './canvas/camera.js';
export type { RendererKind } from './canvas/renderer.js';

// Following a body on screen (a camera, a label), chain shapes, reading a character without allocating
export { readFramePose } from './frame_pose.js';
export type { FramePose } from './frame_pose.js';
export type { CanvasViewFn } from './canvas/physics_canvas.js';
export type { ChainMaterial } from './shapes.js';
export type { CharacterStateView } from '@impulse/worker';

// Reading a frame's records (`usePhysicsFrame`, `<PhysicsCanvas onDraw>`): the field offsets
// of one body record, so a renderer needs nothing from @impulse/core.
export { BodyRecord, ContactPointRecord } from '@impulse/core/contract';

// Why a page runs on the transfer fallback (for a status badge): the worker's own words
export { missingSharedMemoryReason } from '@impulse/worker';
