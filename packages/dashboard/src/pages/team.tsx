import { useSignal } from '@preact/signals';
import { type Invitation, invite, listInvitations, withdrawInvitation } from '../api/invitations.ts';
import { changeRole, listMembers, type Member, removeMember } from '../api/members.ts';
import type { MemberProject, Role } from '../api/projects.ts';
import { formatDateTime, t } from '../i18n/index.ts';
import { managesMember, managesTeam, rolesGrantableBy } from '../state/roles.ts';
import { refreshProjects, session } from '../state/session.ts';
import { announce } from '../state/status.ts';
import { runChange } from '../ui/change.ts';
import { CopyField } from '../ui/copy-field.tsx';
import { EmailField, Form, SubmitButton, useSubmit } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { type Resource, useResource } from '../ui/resource.ts';
import { roleName } from '../ui/role-name.ts';
import { ActionTable } from '../ui/table.tsx';
import { ProjectScope } from './project-scope.tsx';

function RoleSelect({
  id,
  label,
  roles,
  value,
  onChange,
}: {
  id: string;
  label: string;
  roles: Role[];
  value: Role;
  onChange: (role: Role) => void;
}) {
  return (
    <select id={id} aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value as Role)}>
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleName(role)}
        </option>
      ))}
    </select>
  );
}

function MemberRow({
  project,
  member,
  members,
}: {
  project: MemberProject;
  member: Member;
  members: Resource<Member[]>;
}) {
  const self = member.user_id === session.value?.user.id;
  const editable = managesMember(project.role, member.role);
  const roles = rolesGrantableBy(project.role);
  return (
    <tr>
      <th scope="row">
        {member.name}
        {self ? <span class="meta"> {t('you')}</span> : null}
      </th>
      <td>{member.email}</td>
      <td>
        {editable ? (
          <RoleSelect
            id={`role-${member.user_id}`}
            label={t('roleOf', { name: member.name })}
            roles={roles.includes(member.role) ? roles : [member.role, ...roles]}
            value={member.role}
            onChange={(role) =>
              runChange(
                () => changeRole(project.id, member.user_id, role),
                t('roleChanged', { name: member.name, role: roleName(role) }),
                async () => {
                  await members.reload();
                  if (self) await refreshProjects();
                },
              )
            }
          />
        ) : (
          roleName(member.role)
        )}
      </td>
      <td>
        {editable ? (
          <button
            type="button"
            class="danger"
            aria-label={t('removeMemberNamed', { name: member.name })}
            onClick={() => {
              if (!confirm(t('removeMemberConfirm', { name: member.name }))) return;
              void runChange(
                () => removeMember(project.id, member.user_id),
                t('memberRemoved', { name: member.name }),
                members.reload,
              );
            }}
          >
            {t('remove')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function Members({ project }: { project: MemberProject }) {
  const members = useResource(() => listMembers(project.id), [project.id]);
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">{t('members')}</h2>
      {members.error.value ? <p class="field-error">{members.error.value}</p> : null}
      {members.data.value ? (
        <ActionTable label={t('members')} columns={[t('name'), t('email'), t('role')]}>
          {members.data.value.map((member) => (
            <MemberRow key={member.user_id} project={project} member={member} members={members} />
          ))}
        </ActionTable>
      ) : (
        !members.error.value && <p>{t('loading')}</p>
      )}
    </section>
  );
}

function InviteForm({ project, invitations }: { project: MemberProject; invitations: Resource<Invitation[]> }) {
  const email = useSignal('');
  const role = useSignal<Role>('editor');
  const link = useSignal<string | undefined>(undefined);
  const submission = useSubmit(async () => {
    const made = await invite(project.id, { email: email.value, role: role.value });
    link.value = made.invite_url;
    announce(t('invitationSent', { email: made.email }));
    email.value = '';
    await invitations.reload();
  });
  return (
    <>
      <Form submission={submission} label={t('inviteTitle')}>
        <EmailField id="invite-email" name="email" autocomplete="off" value={email} errors={submission.errors.value} />
        <div class="field">
          <label for="invite-role">{t('role')}</label>
          <select
            id="invite-role"
            value={role.value}
            onChange={(event) => {
              role.value = event.currentTarget.value as Role;
            }}
          >
            {rolesGrantableBy(project.role).map((option) => (
              <option key={option} value={option}>
                {roleName(option)}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton submission={submission}>{t('invite')}</SubmitButton>
      </Form>
      {link.value ? (
        <CopyField id="invite-link" label={t('invitationLink')} value={link.value} hint={t('invitationLinkHint')} />
      ) : null}
    </>
  );
}

function Invitations({ project }: { project: MemberProject }) {
  const invitations = useResource(() => listInvitations(project.id), [project.id]);
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">{t('invitations')}</h2>
      <InviteForm project={project} invitations={invitations} />
      {invitations.error.value ? <p class="field-error">{invitations.error.value}</p> : null}
      {invitations.data.value?.length === 0 ? <p>{t('invitationsNone')}</p> : null}
      {invitations.data.value?.length ? (
        <ul class="cards" aria-label={t('openInvitations')}>
          {invitations.data.value.map((invitation) => (
            <li key={invitation.id}>
              <span>
                {invitation.email} · {roleName(invitation.role)}
              </span>
              <span class="meta">{t('expires', { when: formatDateTime(invitation.expires_at) })}</span>
              <button
                type="button"
                class="danger"
                aria-label={t('withdrawInvitationTo', { email: invitation.email })}
                onClick={() =>
                  runChange(
                    () => withdrawInvitation(project.id, invitation.id),
                    t('invitationWithdrawn', { email: invitation.email }),
                    invitations.reload,
                  )
                }
              >
                {t('withdraw')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The project's team: members and their roles, and invitations; for owners and admins only. */
export function TeamPage({ projectId }: { projectId: string }) {
  return (
    <ProjectScope projectId={projectId}>
      {(project) => (
        <Page title={t('teamTitle', { project: project.name })}>
          {managesTeam(project.role) ? (
            <>
              <Members project={project} />
              <Invitations project={project} />
            </>
          ) : (
            <p class="notice">{t('teamNotAllowed', { role: roleName(project.role) })}</p>
          )}
        </Page>
      )}
    </ProjectScope>
  );
}
