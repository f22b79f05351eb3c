import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { LoadingState } from '../../components/query-state';
import { setApiNavigator } from '../../lib/api-client';
import classes from './app-layout.module.css';
import { NavBar } from './nav-bar';

/**
 * While a dialog or the menu drawer locks the page's scrolling, the fixed bar keeps clear of the scroll bar
 * the lock takes away (the class that the lock, react-remove-scroll, moves by that width).
 */
const keepClearOfScrollBar = 'right-scroll-bar-position';

export function AppLayout() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();

  // The api client sends plan-limit answers to /usage; through the router the app stays loaded.
  useEffect(() => {
    setApiNavigator((path) => void navigate(path));
  }, [navigate]);

  return (
    <>
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      <header className={`${classes.header} ${keepClearOfScrollBar}`}>
        <NavBar />
      </header>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {/* Each page brings its texts with its code; should one be missing, its loader shows until it is there. */}
        <Suspense fallback={<LoadingState testId="page-loading" />}>
          <Outlet />
        </Suspense>
      </main>
      {/* A page opened from a link starts at its top, not where the previous page was scrolled to. */}
      <ScrollRestoration />
    </>
  );
}
