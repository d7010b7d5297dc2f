/**
 * The public types: joint ids typed by kind (params and state without casts), event
 * arrays typed as ids, and every type a public method returns exported from the index.
 */

import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type BodyId,
  BodyType,
  type DistanceJointParams,
  type JointId,
  type JointParams,
  type JointState,
  type JointType,
  makeBox,
  type PrismaticJointParams,
  type RevoluteJointParams,
  type ShapeId,
  World,
} from '../../src/index';
import { boxOnGround } from '../support';

describe('typed access', () => {
  it('joint params and state are typed per joint kind, with no casts', () => {
    const world = new World();
    const a = world.createBody();
    const b = world.createBody({ type: BodyType.Dynamic, position: { x: 1, y: 0 } });
    world.createPolygonShape(b, makeBox(0.5, 0.5));
    const hinge = world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: { x: 0, y: 0 } });
    const rod = world.createDistanceJoint({ bodyA: a, bodyB: b });
    const slider = world.createPrismaticJoint({ bodyA: a, bodyB: b, axis: { x: 1, y: 0 } });

    expectTypeOf(world.getJointParams(hinge)).toEqualTypeOf<RevoluteJointParams>();
    expectTypeOf(world.getJointParams(rod)).toEqualTypeOf<DistanceJointParams>();
    expectTypeOf(world.getJointParams(slider)).toEqualTypeOf<PrismaticJointParams>();
    expectTypeOf(world.getJointState(hinge)).toEqualTypeOf<{ angle: number; speed: number }>();
    expectTypeOf(world.getJointState(rod)).toEqualTypeOf<{ length: number; speed: number }>();
    expectTypeOf(world.getJointState(slider)).toEqualTypeOf<{ translation: number; speed: number }>();
    // a typed id is still a JointId; a plain one gives every kind's fields
    expectTypeOf(hinge).toMatchTypeOf<JointId>();
    const plain: JointId = hinge;
    expectTypeOf(world.getJointParams(plain)).toEqualTypeOf<JointParams>();
    expectTypeOf(world.getJointState(plain)).toEqualTypeOf<JointState>();
    expectTypeOf(world.getJointType(plain)).toEqualTypeOf<JointType>();

    // and at run time they are what they say
    expect(world.getJointParams(hinge).lowerAngle).toBe(0);
    expect(world.getJointParams(rod).length).toBe(1);
    expect(world.getJointState(slider).translation).toBeCloseTo(1, 12);
  });

  it('event arrays read as ids', () => {
    const world = new World();
    const { ground, box } = boxOnGround(world, { groundHalfWidth: 5, y: 0.99 });
    world.step(1 / 60);
    const contacts = world.getContactEvents();
    expectTypeOf(contacts.beginShapeA[0]!).toEqualTypeOf<ShapeId>();
    expectTypeOf(contacts.sensorEndVisitor[0]!).toEqualTypeOf<ShapeId>();
    expectTypeOf(world.getBodyEvents().body[0]!).toEqualTypeOf<BodyId>();
    expectTypeOf(world.getJointEvents().broken[0]!).toEqualTypeOf<JointId>();
    expect(contacts.beginCount).toBe(1);
    // an element is an id the world takes as it is
    expect(world.getShapeBody(contacts.beginShapeA[0]!)).toBeOneOf([ground, box]);
  });
});

describe('public types', () => {
  it('every type a public World method returns is exported from the index', () => {
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const program = ts.createProgram([`${src}index.ts`], {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const index = checker.getSymbolAtLocation(program.getSourceFile(`${src}index.ts`)!)!;
    const exported = new Set(checker.getExportsOfModule(index).map((s) => s.name));
    const world = checker.getExportsOfModule(index).find((s) => s.name === 'World')!;
    const worldType = checker.getDeclaredTypeOfSymbol(world);

    const missing = new Set<string>();
    const seen = new Set<ts.Type>();
    const visit = (t: ts.Type): void => {
      if (seen.has(t)) return;
      seen.add(t);
      const named = t.aliasSymbol ?? t.getSymbol();
      const declared = named?.declarations?.[0]?.getSourceFile().fileName ?? '';
      if (
        named &&
        !t.isTypeParameter() &&
        declared.startsWith(src) &&
        !named.name.startsWith('__') &&
        !exported.has(named.name)
      ) {
        missing.add(named.name);
      }
      if (t.isUnionOrIntersection()) t.types.forEach(visit);
      for (const arg of t.aliasTypeArguments ?? []) visit(arg);
      if (checker.isArrayType(t)) checker.getTypeArguments(t as ts.TypeReference).forEach(visit);
    };
    for (const member of worldType.getProperties()) {
      const decl = member.valueDeclaration;
      if (!decl || !ts.isMethodDeclaration(decl)) continue;
      if (ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Private) continue;
      for (const sig of checker.getTypeOfSymbolAtLocation(member, decl).getCallSignatures()) {
        visit(sig.getReturnType());
      }
    }
    expect([...missing].sort()).toEqual([]);
  });
});
