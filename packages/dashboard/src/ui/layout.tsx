import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { signOut } from '../api/session.ts';
import { chooseLanguage, LANGUAGES, languageOf, locale, t } from '../i18n/index.ts';
import { paths } from '../paths.ts';
import { managesProject, managesTeam } from '../state/roles.ts';
import { currentProject, endSession, projects, session } from '../state/session.ts';
import { announceAcrossMove, announceError, status } from '../state/status.ts';
import { roleName } from './role-name.ts';

/** The section of a project page the address is on (`team`), kept when another project is chosen. */
function sectionOf(path: string): string | undefined {
  return /^\/dashboard\/projects\/[^/]+\/([^/]+)/.exec(path)?.[1];
}

function ProjectSwitcher() {
  const { path, route } = useLocation();
  const chosen = useSignal<string | undefined>(undefined);
  const current = currentProject.value;
  if (!current || projects.value.length === 0) return null;
  const value = chosen.value ?? current.id;
  return (
    <form
      class="switcher"
      aria-label={t('projectSwitcher')}
      onSubmit={(event) => {
        event.preventDefault();
        chosen.value = undefined;
        route(paths.project(value, sectionOf(path)));
      }}
    >
      <label for="project-switch">{t('project')}</label>
      <select
        id="project-switch"
        value={value}
        onChange={(event) => {
          chosen.value = event.currentTarget.value;
        }}
      >
        {projects.value.map((project) => (
          <option key={project.id} value={project.id}>
            {t('projectWithRole', { name: project.name, role: roleName(project.role) })}
          </option>
        ))}
      </select>
      <button type="submit">{t('open')}</button>
    </form>
  );
}

function NavLink({ href, children }: { href: string; children: ComponentChildren }) {
  const { path } = useLocation();
  return (
    <li>
      <a href={href} aria-current={path === href ? 'page' : undefined}>
        {children}
      </a>
    </li>
  );
}

function MainNav() {
  const { route } = useLocation();
  const project = currentProject.value;
  return (
    <nav aria-label={t('mainNavigation')}>
      <ul>
        {project ? <NavLink href={paths.project(project.id)}>{t('navProject')}</NavLink> : null}
        {project ? <NavLink href={paths.project(project.id, 'imports')}>{t('navImports')}</NavLink> : null}
        {project ? <NavLink href={paths.project(project.id, 'activity')}>{t('navActivity')}</NavLink> : null}
        {project ? <NavLink href={paths.insights(project.id)}>{t('navInsights')}</NavLink> : null}
        {project ? <NavLink href={paths.project(project.id, 'settings')}>{t('navSettings')}</NavLink> : null}
        {project ? <NavLink href={paths.project(project.id, 'website')}>{t('navWebsite')}</NavLink> : null}
        {project && managesProject(project.role) ? (
          <NavLink href={paths.project(project.id, 'webhooks')}>{t('navWebhooks')}</NavLink>
        ) : null}
        {project && managesTeam(project.role) ? (
          <NavLink href={paths.project(project.id, 'team')}>{t('navTeam')}</NavLink>
        ) : null}
        <NavLink href={paths.projects}>{t('navProjects')}</NavLink>
        <NavLink href={paths.tokens}>{t('navTokens')}</NavLink>
        <NavLink href={paths.account}>{t('navAccount')}</NavLink>
        <li>
          <button
            type="button"
            class="link"
            onClick={async () => {
              try {
                await signOut();
                endSession();
                announceAcrossMove(t('signedOut'));
                route(paths.signIn);
              } catch (error) {
                announceError(error);
              }
            }}
          >
            {t('signOut')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

function LanguagePicker() {
  return (
    <div class="language">
      <label for="language">{t('language')}</label>
      <select
        id="language"
        value={languageOf(locale.value)}
        onChange={(event) => chooseLanguage(event.currentTarget.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.tag} value={language.tag} lang={language.tag}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The frame of every screen: skip link, header with the project switcher and navigation, main, status line. */
export function Layout({ children }: { children: ComponentChildren }) {
  const signedIn = Boolean(session.value);
  const message = status.value;
  return (
    <div class="shell" lang={locale.value}>
      <a class="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header class="top">
        <a class="brand" href={paths.home}>
          {t('productName')}
        </a>
        {signedIn ? <ProjectSwitcher /> : null}
        {signedIn ? <MainNav /> : null}
      </header>
      <main id="main" tabIndex={-1}>
        <div class="status" role="status" aria-live="polite">
          {message?.kind === 'info' ? message.text : ''}
        </div>
        <div class="status error" role="alert">
          {message?.kind === 'error' ? message.text : ''}
        </div>
        {children}
      </main>
      <footer class="bottom">
        <LanguagePicker />
      </footer>
    </div>
  );
}
