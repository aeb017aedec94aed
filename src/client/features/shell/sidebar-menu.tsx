import { Link as RouterLink } from 'react-router-dom';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Collapse from '@mui/material/Collapse';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { linkPath, type MenuNode } from './menu-tree';

export interface SidebarMenuProps {
  nodes: MenuNode[];
  /** Decoded current path, to highlight the active item. */
  activePath: string;
  expanded: ReadonlySet<string>;
  onToggleGroup(key: string): void;
  /** An item with a link was chosen. */
  onSelect(node: MenuNode): void;
}

const INDENT = [2, 4, 6] as const;

function MenuEntry({ node, ...props }: SidebarMenuProps & { node: MenuNode }) {
  const { activePath, expanded, onToggleGroup, onSelect } = props;
  const hasChildren = node.children.length > 0;
  const open = expanded.has(node.key);
  const active = node.link !== '' && linkPath(node.link) === activePath;
  const text = (
    <ListItemText
      primary={node.label}
      slotProps={{
        primary: {
          variant: 'body2',
          sx: { fontWeight: node.depth === 0 ? 600 : active ? 600 : 400 },
        },
      }}
    />
  );
  const sx = {
    pl: INDENT[node.depth],
    py: node.depth === 0 ? 1 : 0.75,
    borderRadius: 1,
    mx: 1,
    my: 0.25,
    '&.Mui-selected': { bgcolor: 'rgba(46, 125, 50, 0.12)', color: 'primary.dark' },
  };

  let button;
  if (hasChildren) {
    // A group: toggles its items (and opens its own screen when it also has a link).
    button = (
      <ListItemButton
        sx={sx}
        selected={active}
        aria-expanded={open}
        onClick={() => {
          onToggleGroup(node.key);
          if (node.link) onSelect(node);
        }}
      >
        {text}
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
    );
  } else if (node.link) {
    button = (
      <ListItemButton
        component={RouterLink}
        to={linkPath(node.link)}
        sx={sx}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={() => onSelect(node)}
      >
        {text}
      </ListItemButton>
    );
  } else {
    // A group without items or link: shown, but leads nowhere.
    button = (
      <ListItemButton sx={sx} disabled>
        {text}
      </ListItemButton>
    );
  }

  return (
    <li>
      {button}
      {hasChildren ? (
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List disablePadding component="ul" aria-label={node.label}>
            {node.children.map((child) => (
              <MenuEntry key={child.key} node={child} {...props} />
            ))}
          </List>
        </Collapse>
      ) : null}
    </li>
  );
}

export function SidebarMenu(props: SidebarMenuProps) {
  return (
    <List component="ul" aria-label="Main menu" disablePadding sx={{ py: 1 }}>
      {props.nodes.map((node) => (
        <MenuEntry key={node.key} node={node} {...props} />
      ))}
    </List>
  );
}
