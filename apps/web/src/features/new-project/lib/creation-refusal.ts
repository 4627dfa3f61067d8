import {
  checkProjectCreation,
  creationRolesFor,
  PROJECT_SUBTYPES,
  PROJECT_TYPES,
  rolesForProject,
  type ProjectSubtype,
  type ProjectType,
  type Viewer,
} from '@notadoo/domain';

/** Why the viewer can create no project of this kind, or null when at least one role is open to them. */
export function creationRefusal(viewer: Viewer, type: ProjectType, subtype: ProjectSubtype): string | null {
  if (creationRolesFor(viewer, type, subtype).length > 0) return null;
  const [firstRole] = rolesForProject(type, subtype);
  if (!firstRole) return null;
  const check = checkProjectCreation(viewer, firstRole, type, subtype);
  return check.ok ? null : check.message;
}

/** Said on step 1 already when no kind of project is open to the viewer (e.g. a pending role change). */
export function refusalForEveryKind(viewer: Viewer): string | null {
  const refusals = PROJECT_TYPES.flatMap((type) =>
    (PROJECT_SUBTYPES[type] as readonly ProjectSubtype[]).map((subtype) => creationRefusal(viewer, type, subtype)),
  );
  return refusals.every((refusal) => refusal !== null) ? (refusals[0] ?? null) : null;
}
