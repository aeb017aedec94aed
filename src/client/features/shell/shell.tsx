/**
 * The signed-in layout: a top bar and a sidebar with the server's menu (spec 000 section 2, Shell).
 * Presentational: the session data and actions come in as props (wired in app/shell-container.tsx).
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Divider from '@mui/material/Divider';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { MainMenu } from '../../../shared/contract/session';
import { readPageTitle, readSidebarOpen, writePageTitle, writeSidebarOpen } from '../../lib/storage';
import { groupsLeadingTo, linkPath, toMenuTree, type MenuNode } from './menu-tree';
import { decodePathname, routeTitleFor } from './route-title';
import { SidebarMenu } from './sidebar-menu';
import { SidebarRail } from './sidebar-rail';
import { TopBar } from './top-bar';
import { usePageFocus } from './use-page-focus';

export const DRAWER_WIDTH = 264;
/** Width of the closed sidebar (the rail of main-item badges). */
export const RAIL_WIDTH = 68;

export type ShellMenuStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ShellProps {
  menu: MainMenu[];
  menuStatus: ShellMenuStatus;
  fullname: string;
  companyName?: string;
  onLogout(): void;
  onReloadMenu(): void;
  /** The page; defaults to the router outlet. */
  children?: ReactNode;
  /** Indicators for the top bar, beside the user menu. */
  topBarExtra?: ReactNode;
  /** The user dropdown offers the Activity Log only to those whose role may read it (Top Role). */
  showActivityLog?: boolean;
}

export function Shell({ menu, menuStatus, fullname, companyName, onLogout, onReloadMenu, children, topBarExtra, showActivityLog = false }: ShellProps) {
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const navigate = useNavigate();
  const location = useLocation();
  const path = decodePathname(location.pathname);
  const main = useRef<HTMLElement>(null);
  usePageFocus(main, location.pathname);

  // Sidebar: remembered on wide screens; on small screens it overlays and starts closed.
  const [pinnedOpen, setPinnedOpen] = useState(readSidebarOpen);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const open = isSmall ? overlayOpen : pinnedOpen;
  const toggleSidebar = () => {
    if (isSmall) {
      setOverlayOpen((o) => !o);
    } else {
      const next = !pinnedOpen;
      setPinnedOpen(next);
      writeSidebarOpen(next);
    }
  };

  // Page title: the label of the menu item that led here (kept with its path), else the route table's
  // title; so a move by address bar, history or the user menu shows the route's own title.
  const [menuTitle, setMenuTitle] = useState<{ path: string; title: string } | null>(() => {
    const stored = readPageTitle();
    return stored ? { path, title: stored } : null;
  });
  const title = menuTitle && menuTitle.path === path ? menuTitle.title : routeTitleFor(path);
  useEffect(() => writePageTitle(title), [title]);

  const nodes = useMemo(() => toMenuTree(menu), [menu]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // When a menu arrives, open the groups that lead to the current screen.
  const [expandedFor, setExpandedFor] = useState<MenuNode[] | null>(null);
  if (expandedFor !== nodes) {
    setExpandedFor(nodes);
    const keys = groupsLeadingTo(nodes, path);
    if (keys.length) setExpanded(new Set([...expanded, ...keys]));
  }
  const toggleGroup = useCallback((key: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const selectItem = useCallback(
    (node: MenuNode) => {
      const target = linkPath(node.link);
      setMenuTitle({ path: target, title: node.label });
      if (isSmall) setOverlayOpen(false);
      // Leaf items are router links (they navigate themselves); a group with a link navigates here.
      if (node.children.length > 0) navigate(target);
    },
    [isSmall, navigate],
  );

  const openGroupFromRail = useCallback((node: MenuNode) => {
    setPinnedOpen(true);
    writeSidebarOpen(true);
    setExpanded((prev) => new Set([...prev, node.key]));
  }, []);

  const goTo = (target: string) => () => navigate(target);

  // The lab's name heads the sidebar inside its landmark (content outside every landmark is missed by screen-reader users).
  const drawerContent = (
    <>
      <Toolbar />
      <Box component="nav" aria-label="Sidebar" sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
        <Box sx={{ px: 2, pt: 2, pb: 1 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', letterSpacing: 1.2 }}>
            {companyName || 'Soil Microbiology LIMS'}
          </Typography>
        </Box>
        <Divider />
        <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
          {menuStatus === 'loading' || menuStatus === 'idle' ? (
            <Box sx={{ p: 2 }} role="status" aria-label="Loading menu">
              <LinearProgress />
            </Box>
          ) : null}
          {menuStatus === 'failed' ? (
            <Box sx={{ p: 2 }}>
              <Typography variant="body2" sx={{ mb: 1 }}>
                The menu could not be loaded.
              </Typography>
              <Button size="small" variant="outlined" onClick={onReloadMenu}>
                Try again
              </Button>
            </Box>
          ) : null}
          {menuStatus === 'loaded' && nodes.length === 0 ? (
            <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
              No menu has been assigned to you yet.
            </Typography>
          ) : null}
          <SidebarMenu nodes={nodes} activePath={path} expanded={expanded} onToggleGroup={toggleGroup} onSelect={selectItem} />
        </Box>
      </Box>
    </>
  );

  // Wide screens: a permanent drawer, full menu when open, a rail of badges when closed. Small screens:
  // an overlay drawer.
  const width = open ? DRAWER_WIDTH : RAIL_WIDTH;
  const widthTransition = theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: open ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
  });

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar
        title={title}
        fullname={fullname}
        sidebarOpen={open}
        onToggleSidebar={toggleSidebar}
        onSettings={goTo('/changePassword')}
        onActivityLog={showActivityLog ? goTo('/auditLog') : undefined}
        onLogout={onLogout}
        extra={topBarExtra}
      />
      {isSmall ? (
        <Drawer
          id="app-sidebar"
          data-testid="sidebar"
          data-open={open ? 'true' : 'false'}
          variant="temporary"
          open={open}
          onClose={() => setOverlayOpen(false)}
          anchor="left"
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', display: 'flex', flexDirection: 'column' } }}
        >
          {drawerContent}
        </Drawer>
      ) : (
        <Drawer
          id="app-sidebar"
          data-testid="sidebar"
          data-open={open ? 'true' : 'false'}
          variant="permanent"
          anchor="left"
          sx={{
            width,
            flexShrink: 0,
            whiteSpace: 'nowrap',
            transition: widthTransition,
            '& .MuiDrawer-paper': {
              width,
              transition: widthTransition,
              overflowX: 'hidden',
              boxSizing: 'border-box',
              display: 'flex',
              flexDirection: 'column',
            },
          }}
        >
          {open ? (
            drawerContent
          ) : (
            <>
              <Toolbar />
              <Box component="nav" aria-label="Sidebar" sx={{ overflowY: 'auto', overflowX: 'hidden', flexGrow: 1 }}>
                <SidebarRail nodes={nodes} activePath={path} onSelect={selectItem} onOpenGroup={openGroupFromRail} />
              </Box>
            </>
          )}
        </Drawer>
      )}
      <Box
        component="main"
        ref={main}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          p: { xs: 2, md: 3 },
          // The page's heading takes the focus after a move (usePageFocus): no ring for that, only for the keyboard's own moves.
          '& [tabindex="-1"]:focus:not(:focus-visible), &[tabindex="-1"]:focus': { outline: 'none' },
        }}
      >
        <Toolbar />
        <Suspense
          fallback={
            <Box sx={{ pt: 2 }} role="status" aria-label="Loading">
              <LinearProgress />
            </Box>
          }
        >
          {children ?? <Outlet />}
        </Suspense>
      </Box>
    </Box>
  );
}
