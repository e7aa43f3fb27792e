import type { ComponentType } from 'preact';
import { useEffect } from 'preact/hooks';
import { LocationProvider, lazy, Route, Router, useLocation } from 'preact-iso';
import { locale, t } from './i18n/index.ts';
import { AccountPage } from './pages/account.tsx';
import { ActivityPage } from './pages/activity.tsx';
import { FirstRunPage } from './pages/first-run.tsx';
import { ImportsPage } from './pages/imports.tsx';
import { InsightsPage } from './pages/insights.tsx';
import { InvitationPage } from './pages/invitation.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ProjectsPage } from './pages/projects.tsx';
import { ResetPasswordPage } from './pages/reset-password.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { NewStorePage, StorePage } from './pages/store/store-editor.tsx';
import { StoresPage } from './pages/stores.tsx';
import { TeamPage } from './pages/team.tsx';
import { TokensPage } from './pages/tokens.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { BASE, paths } from './paths.ts';
import { homePath, needsSetup, session } from './state/session.ts';
import { noteMove } from './state/status.ts';
import { Layout } from './ui/layout.tsx';
import { noteRouteChange, Page } from './ui/page.tsx';

/** A screen for signed-in people: without a session the sign-in (or, on a new server, the first run) shows instead. */
function signedIn<Props extends object>(Screen: ComponentType<Props>): ComponentType<Props> {
  return (props: Props) => {
    if (session.value === null) return needsSetup.value ? <FirstRunPage /> : <SignInPage />;
    return <Screen {...props} />;
  };
}

/** `/dashboard`: the project the person worked on last, or the list when they have none. */
function Home() {
  const { route } = useLocation();
  const target = homePath();
  useEffect(() => {
    route(target, true);
  }, [target, route]);
  return null;
}

// Screens that only admins use often, loaded when first opened, so the first screen stays small.
const SettingsPage = lazy(() => import('./pages/settings.tsx').then((module) => module.SettingsPage));
const WebsitePage = lazy(() => import('./pages/website.tsx').then((module) => module.WebsitePage));

const Private = {
  Home: signedIn(Home),
  Projects: signedIn(ProjectsPage),
  Stores: signedIn(StoresPage),
  Team: signedIn(TeamPage),
  NewStore: signedIn(NewStorePage),
  Store: signedIn(StorePage),
  Settings: signedIn(SettingsPage),
  Website: signedIn(WebsitePage),
  Webhooks: signedIn(WebhooksPage),
  Activity: signedIn(ActivityPage),
  Imports: signedIn(ImportsPage),
  Insights: signedIn(InsightsPage),
  Tokens: signedIn(TokensPage),
  Account: signedIn(AccountPage),
};

function Loading() {
  return <Page title={t('loading')} />;
}

export function App() {
  useEffect(() => {
    document.documentElement.lang = locale.value;
  }, [locale.value]);
  return (
    <LocationProvider scope={BASE}>
      <Layout>
        {session.value === undefined ? (
          <Loading />
        ) : (
          <Router
            onRouteChange={() => {
              noteRouteChange();
              noteMove();
            }}
          >
            <Route path={paths.home} component={Private.Home} />
            <Route path={paths.signIn} component={SignInPage} />
            <Route path={paths.setup} component={FirstRunPage} />
            <Route path={paths.resetPassword} component={ResetPasswordPage} />
            <Route path={paths.invitation} component={InvitationPage} />
            <Route path={paths.projects} component={Private.Projects} />
            <Route path={`${BASE}/projects/:projectId`} component={Private.Stores} />
            <Route path={`${BASE}/projects/:projectId/team`} component={Private.Team} />
            <Route path={`${BASE}/projects/:projectId/stores/new`} component={Private.NewStore} />
            <Route path={`${BASE}/projects/:projectId/stores/:locationId`} component={Private.Store} />
            <Route path={`${BASE}/projects/:projectId/settings`} component={Private.Settings} />
            <Route path={`${BASE}/projects/:projectId/website`} component={Private.Website} />
            <Route path={`${BASE}/projects/:projectId/webhooks`} component={Private.Webhooks} />
            <Route path={`${BASE}/projects/:projectId/activity`} component={Private.Activity} />
            <Route path={`${BASE}/projects/:projectId/imports`} component={Private.Imports} />
            <Route path={`${BASE}/projects/:projectId/insights`} component={Private.Insights} />
            <Route path={paths.tokens} component={Private.Tokens} />
            <Route path={paths.account} component={Private.Account} />
            <Route default component={NotFoundPage} />
          </Router>
        )}
      </Layout>
    </LocationProvider>
  );
}
