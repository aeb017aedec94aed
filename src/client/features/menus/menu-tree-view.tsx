/** The three-level menu tree (modules, menus, sub menus) as nested MUI lists, with one selected node. */
import { useState } from 'react';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { MenuTreeNode } from '../../../shared/contract/menu-endpoints';

interface Props {
  nodes: MenuTreeNode[];
  selectedId: number | null;
  onSelect(node: MenuTreeNode): void;
}

function Node({ node, depth, selectedId, onSelect }: { node: MenuTreeNode; depth: number } & Omit<Props, 'nodes'>) {
  const [open, setOpen] = useState(true);
  const hasChildren = node.children.length > 0;
  return (
    <>
      <ListItem
        disablePadding
        secondaryAction={
          hasChildren ? (
            <IconButton edge="end" size="small" aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`} onClick={() => setOpen(!open)}>
              {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </IconButton>
          ) : undefined
        }
      >
        <ListItemButton role="treeitem" aria-level={depth} aria-selected={selectedId === node.id} selected={selectedId === node.id} sx={{ pl: 1 + (depth - 1) * 3 }} onClick={() => onSelect(node)}>
          <ListItemText primary={node.name} secondary={node.link || undefined} slotProps={{ primary: { sx: { fontWeight: depth === 1 ? 600 : 400 } } }} />
        </ListItemButton>
      </ListItem>
      {hasChildren ? (
        <Collapse in={open} unmountOnExit>
          <List disablePadding role="group">
            {node.children.map((c) => (
              <Node key={c.id} node={c} depth={depth + 1} selectedId={selectedId} onSelect={onSelect} />
            ))}
          </List>
        </Collapse>
      ) : null}
    </>
  );
}

export function MenuTreeView({ nodes, selectedId, onSelect }: Props) {
  return (
    <List role="tree" aria-label="Menu tree" dense>
      {nodes.map((n) => (
        <Node key={n.id} node={n} depth={1} selectedId={selectedId} onSelect={onSelect} />
      ))}
    </List>
  );
}

/** A node of the tree by id, or null. */
export function findNode(nodes: MenuTreeNode[], id: number | null): MenuTreeNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return null;
}
