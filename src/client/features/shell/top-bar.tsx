import { useState, type MouseEvent, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Divider from '@mui/material/Divider';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AccountCircle from '@mui/icons-material/AccountCircle';
import SettingsIcon from '@mui/icons-material/Settings';
import HistoryIcon from '@mui/icons-material/History';
import LogoutIcon from '@mui/icons-material/Logout';
import { formatDisplayDate, greeting } from '../../../shared/format/greeting';
import { useNow } from './use-now';

export interface TopBarProps {
  title: string;
  fullname: string;
  sidebarOpen: boolean;
  onToggleSidebar(): void;
  onSettings(): void;
  /** Absent: the user may not read the Activity Log, and the dropdown does not offer it. */
  onActivityLog?: () => void;
  onLogout(): void;
  /** Indicators beside the user menu (the approval count); supplied by app/shell-container. */
  extra?: ReactNode;
}

export function TopBar({ title, fullname, sidebarOpen, onToggleSidebar, onSettings, onActivityLog, onLogout, extra }: TopBarProps) {
  const now = useNow();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const choose = (fn: () => void) => () => {
    close();
    fn();
  };

  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: 1.5 }}>
        <IconButton
          edge="start"
          color="primary"
          data-testid="sidebar-toggle"
          aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={sidebarOpen}
          aria-controls="app-sidebar"
          onClick={onToggleSidebar}
        >
          {sidebarOpen ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Typography
          component="h1"
          variant="h6"
          noWrap
          data-testid="page-title"
          sx={{ flexGrow: 1, fontWeight: 600, color: 'text.primary', minWidth: 0 }}
        >
          {title}
        </Typography>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <span data-testid="greeting">{greeting(now)}</span>
            {', '}
            <Box component="span" data-testid="user-name" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {fullname}
            </Box>
          </Typography>
          <Typography variant="caption" data-testid="today" sx={{ color: 'text.secondary' }}>
            {formatDisplayDate(now)}
          </Typography>
        </Box>
        {extra}
        <IconButton
          color="primary"
          data-testid="user-menu-button"
          aria-label="User menu"
          aria-haspopup="menu"
          aria-controls={anchor ? 'user-menu' : undefined}
          aria-expanded={Boolean(anchor)}
          onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        >
          <AccountCircle fontSize="large" />
        </IconButton>
        <Menu
          id="user-menu"
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <MenuItem onClick={choose(onSettings)}>
            <ListItemIcon>
              <SettingsIcon fontSize="small" />
            </ListItemIcon>
            Settings
          </MenuItem>
          {onActivityLog ? (
            <MenuItem onClick={choose(onActivityLog)}>
              <ListItemIcon>
                <HistoryIcon fontSize="small" />
              </ListItemIcon>
              Activity Log
            </MenuItem>
          ) : null}
          <Divider />
          <MenuItem onClick={choose(onLogout)}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Logout
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
