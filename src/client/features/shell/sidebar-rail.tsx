import { Link as RouterLink } from 'react-router-dom';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Avatar from '@mui/material/Avatar';
import Tooltip from '@mui/material/Tooltip';
import { groupsLeadingTo, linkPath, type MenuNode } from './menu-tree';

export interface SidebarRailProps {
  nodes: MenuNode[];
  activePath: string;
  /** A main item with a link and no items was chosen (the link navigates). */
  onSelect(node: MenuNode): void;
  /** A group was chosen: open the sidebar on it. */
  onOpenGroup(node: MenuNode): void;
}

/** Up to two initials of a label: 'Master Data' -> 'MD', 'Laboratory' -> 'La'. */
export function initialsOf(label: string): string {
  const words = label.split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return (words[0] ?? '?').slice(0, 2);
}

/** The closed sidebar: one badge per main item (label as tooltip and accessible name). */
export function SidebarRail({ nodes, activePath, onSelect, onOpenGroup }: SidebarRailProps) {
  const activeGroups = new Set(groupsLeadingTo(nodes, activePath));
  return (
    <List component="ul" aria-label="Main menu" disablePadding sx={{ py: 1 }}>
      {nodes.map((node) => {
        const active = activeGroups.has(node.key) || (node.link !== '' && linkPath(node.link) === activePath);
        const badge = (
          <Avatar
            sx={{
              width: 34,
              height: 34,
              fontSize: 13,
              fontWeight: 600,
              bgcolor: active ? 'primary.main' : 'rgba(46, 125, 50, 0.10)',
              color: active ? 'primary.contrastText' : 'primary.dark',
            }}
          >
            {initialsOf(node.label)}
          </Avatar>
        );
        const sx = { justifyContent: 'center', py: 1, mx: 1, borderRadius: 1 };
        return (
          <li key={node.key}>
            <Tooltip title={node.label} placement="right">
              {node.children.length === 0 && node.link ? (
                <ListItemButton
                  component={RouterLink}
                  to={linkPath(node.link)}
                  aria-label={node.label}
                  aria-current={active ? 'page' : undefined}
                  sx={sx}
                  onClick={() => onSelect(node)}
                >
                  {badge}
                </ListItemButton>
              ) : (
                <ListItemButton aria-label={node.label} sx={sx} onClick={() => onOpenGroup(node)}>
                  {badge}
                </ListItemButton>
              )}
            </Tooltip>
          </li>
        );
      })}
    </List>
  );
}
