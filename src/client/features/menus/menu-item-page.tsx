/**
 * menu2?id&from&forstr=new|edit (spec 001 sections 2, 4, 5, 8). New: module, menu item (or, with Is sub
 * menu, the new item's name, where it goes and the screen it opens), sequence, Landing page; Save grants it
 * to the user or group (savemenubyuserforjson). Edit (groups only; menuId = the item): name, sequence (never
 * lower than the current one) and Landing page (updatemenubyuser). Cancel goes back to 'Menu By User'
 * (a group's back to its tree). A save is sent with the version read (new: of the user's or group's menu;
 * edit: of the item): when someone else changed it meanwhile it answers 409, the form keeps its values
 * and offers Reload.
 */
import { useEffect, useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MENU_ADMIN_ENDPOINTS, MENU_MSG, MENU_NAME_MAX, type MenuPageOption, type MenuTreeNode, type ModuleOption,
} from '../../../shared/contract/menu-endpoints';
import { ROUTES } from '../../../shared/contract/routes';
import { useChange, usePending, useQuery } from '../../crud/use-request';
import { notifyError } from '../../lib/notifier/notify-slice';
import { MENU_BY_USER_PATH, fromOf, ownerIn, ownersEndpoint, treePath } from './menu-api';
import { emptyMenuItemForm, firstError, menuItemSchema, type MenuItemForm } from './menu-item-schema';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { StaleAlert } from '../../lib/stale-alert';

/** Screens a new menu item may open: the parameter-free routes of the route table. */
const SCREENS = [...new Set(ROUTES.filter((r) => !r.path.includes(':') && r.path !== '/login').map((r) => r.path.slice(1)))];

interface Editing { node: MenuTreeNode; module: MenuTreeNode }

function locate(tree: MenuTreeNode[], id: number): Editing | null {
  for (const module of tree) {
    const stack = [module];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.id === id) return { node: n, module };
      stack.push(...n.children);
    }
  }
  return null;
}

/** The request-slice entry of the save (new item or edit). */
const SAVE_KEY = 'menus:item-save';
const ITEM_FAILED = 'Could not load the menu item.';

export default function MenuItemPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const from = fromOf(params.get('from'));
  const mode = params.get('forstr') === 'edit' ? 'edit' : 'new';
  const menuId = Number(params.get('menuId')) || null;
  const change = useChange();
  const saving = usePending(MENU_ADMIN_ENDPOINTS.savemenubyuserforjson, SAVE_KEY);
  const moduleList = useQuery<ModuleOption[]>(MENU_ADMIN_ENDPOINTS.getmodulelst, {}, { failureText: 'Could not load the modules.', failureTitle: '' }).data;
  const modules = Array.isArray(moduleList) ? moduleList : [];
  // What a save is checked against: the item (edit) or the version of the user's or group's menu (new).
  const catalogue = useQuery<MenuTreeNode[]>(mode === 'edit' && menuId ? MENU_ADMIN_ENDPOINTS.getallmenudata : null, {}, {
    failureText: ITEM_FAILED, failureTitle: '',
  });
  const owners = useQuery<unknown>(mode === 'new' && id ? ownersEndpoint(from) : null, {});
  const editing = useMemo(() => (menuId && Array.isArray(catalogue.data) ? locate(catalogue.data, menuId) : null), [catalogue.data, menuId]);
  /** New: the version of the user's or group's menu as read (edit sends the item's own version). */
  const menuVersion = ownerIn(owners.data, id, from)?.menuVersion;
  const reload = () => {
    catalogue.reload();
    owners.reload();
  };
  const back = from === 'group' ? treePath(id, from) : MENU_BY_USER_PATH;

  const schema = useMemo(() => menuItemSchema(mode, editing?.node.sequence ?? null), [mode, editing]);
  const form = useFormik<MenuItemForm>({
    initialValues: emptyMenuItemForm,
    validationSchema: schema,
    onSubmit: (v) => {
      // A good save toasts the server's sentence and goes back to the tree; 401, 409 (Reload) and no answer are the
      // data layer's.
      const outcome = {
        okWhen: { field: 'status', value: 'OK' }, success: { text: MENU_MSG.saved, field: 'message' }, navigate: treePath(id, from),
        refused: { text: MENU_MSG.saveFailed, title: '' },
      };
      if (mode === 'edit') {
        change(MENU_ADMIN_ENDPOINTS.updatemenubyuser, {
          usergroupid: from === 'group' ? id : 0, id, from, menuId: editing?.node.id, sequence: v.sequence, landPage: v.landPage ? 'Y' : 'N', menuname: v.menuname.trim(),
          version: editing?.node.version,
        }, { key: SAVE_KEY, failureText: MENU_MSG.onlyGroups, failureTitle: '', outcome: { ...outcome, reasonFirst: true } });
        return;
      }
      const module = modules.find((m) => m.moduleid === v.moduleid);
      const page = pages.find((p) => p.pageid === v.pageid);
      change(MENU_ADMIN_ENDPOINTS.savemenubyuserforjson, {
        jsonsavelist: [{
          from, moduleid: v.moduleid, pageid: v.isSubMenu ? null : v.pageid, parentId: v.isSubMenu ? (v.parentId || v.moduleid) : (page?.parentId ?? v.moduleid),
          resourcegroupid: from === 'group' ? id : null, sequence: v.sequence, modulename: module?.modulename ?? '', pagename: v.isSubMenu ? '' : (page?.pagename ?? ''),
          isSubMenu: v.isSubMenu ? 'Y' : 'N', menuname: v.isSubMenu ? v.menuname.trim() : '', link: v.isSubMenu ? v.link : undefined,
        }],
        landPage: v.landPage ? 'Y' : 'N', groupId: from === 'group' ? id : null, userId: from === 'group' ? null : id, menuVersion,
      }, { key: SAVE_KEY, failureText: MENU_MSG.saveFailed, failureTitle: '', outcome });
    },
  });
  const { setValues, setFieldValue, values } = form;

  // The values the form opened with: the menu item's (edit) or none (new).
  const opened = useMemo<MenuItemForm>(
    () => (editing ? { ...emptyMenuItemForm, moduleid: editing.module.id, menuname: editing.node.name, sequence: editing.node.sequence, landPage: editing.node.landPage === 'Y' } : emptyMenuItemForm),
    [editing],
  );
  useEffect(() => {
    if (editing) void setValues(opened);
  }, [editing, opened, setValues]);
  const unsaved = useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(opened), saving);

  // The menus of the chosen module, kept under the module (a list of another module is never shown).
  const pageList = useQuery<MenuPageOption[]>(mode === 'new' && values.moduleid !== '' ? MENU_ADMIN_ENDPOINTS.menubymenname : null, { moduleid: values.moduleid }, {
    key: `menus/item/pages/${values.moduleid}`,
  }).data;
  const pages = Array.isArray(pageList) ? pageList : [];

  const save = async () => {
    const errors = await form.validateForm();
    const message = firstError(errors);
    if (message) {
      await form.setTouched({ moduleid: true, pageid: true, menuname: true, sequence: true });
      dispatch(notifyError(message, MENU_MSG.oops));
      return;
    }
    await form.submitForm();
  };
  const err = (k: 'moduleid' | 'pageid' | 'menuname' | 'sequence') => (form.touched[k] && typeof form.errors[k] === 'string' ? (form.errors[k] as string) : undefined);
  /** A select gives the option's value (a number), a text field a string. */
  const number = (v: unknown): number | '' => (v === '' || v === null || v === undefined || String(v).trim() === '' ? '' : Number(v));

  const heading = (
    <Typography variant="h6" component="h2">
      {mode === 'edit' ? 'Edit Menu Item' : 'Add Menu Item'}
    </Typography>
  );
  // An item is edited only once it is loaded: typed into earlier, its values would replace what was typed, and
  // a save would name no item.
  if (mode === 'edit' && !editing) {
    const missing = catalogue.failed || catalogue.data !== undefined || !menuId;
    return (
      <Paper sx={{ p: 3, maxWidth: 640, display: 'grid', gap: 2 }}>
        {heading}
        {missing ? <Alert severity="error">{ITEM_FAILED}</Alert> : <LinearProgress aria-label="Loading" />}
        <Box>
          <Button variant="outlined" onClick={() => navigate(back)}>Cancel</Button>
        </Box>
      </Paper>
    );
  }

  return (
    <Paper component="form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} sx={{ p: 3, maxWidth: 640, display: 'grid', gap: 2 }}>
      {unsaved.guard}
      {heading}
      <StaleAlert onReload={reload} />
      <TextField
        select id="moduleid" name="moduleid" label="Module" value={values.moduleid} disabled={mode === 'edit'}
        onChange={(e) => void setValues({ ...values, moduleid: number(e.target.value), pageid: '', parentId: '' })}
        error={!!err('moduleid')} helperText={err('moduleid')}
      >
        <MenuItem value="">Select</MenuItem>
        {modules.map((m) => <MenuItem key={m.moduleid} value={m.moduleid}>{m.modulename}</MenuItem>)}
      </TextField>
      {mode === 'new' && !values.isSubMenu ? (
        <TextField
          select id="pageid" name="pageid" label="Menu Item" value={values.pageid}
          onChange={(e) => {
            const pageid = number(e.target.value);
            const page = pages.find((p) => p.pageid === pageid);
            void setValues({ ...values, pageid, sequence: page?.sequence ?? values.sequence });
          }}
          error={!!err('pageid')} helperText={err('pageid')}
        >
          <MenuItem value="">Select</MenuItem>
          {pages.map((p) => <MenuItem key={p.pageid} value={p.pageid}>{p.path}</MenuItem>)}
        </TextField>
      ) : null}
      {mode === 'edit' || values.isSubMenu ? (
        <TextField
          id="menuname" name="menuname" label={mode === 'edit' ? 'Menu Name' : 'Sub Menu Name'} value={values.menuname}
          onChange={form.handleChange} onBlur={form.handleBlur} slotProps={{ htmlInput: { maxLength: MENU_NAME_MAX } }}
          error={!!err('menuname')} helperText={err('menuname') ?? `At most ${MENU_NAME_MAX} characters`}
        />
      ) : null}
      {mode === 'new' && values.isSubMenu ? (
        <>
          <TextField select id="parentId" label="Under" value={values.parentId} onChange={(e) => void setFieldValue('parentId', number(e.target.value))}>
            <MenuItem value="">The module itself</MenuItem>
            {pages.filter((p) => p.level === 2).map((p) => <MenuItem key={p.pageid} value={p.pageid}>{p.pagename}</MenuItem>)}
          </TextField>
          <TextField select id="link" label="Opens Screen" value={values.link} onChange={(e) => void setFieldValue('link', e.target.value)}>
            <MenuItem value="">None (a heading)</MenuItem>
            {SCREENS.map((s) => <MenuItem key={s} value={s}>{s}</MenuItem>)}
          </TextField>
        </>
      ) : null}
      <TextField
        id="sequence" name="sequence" label="Sequence" type="number" value={values.sequence}
        onChange={(e) => void setFieldValue('sequence', number(e.target.value))} onBlur={form.handleBlur}
        slotProps={{ htmlInput: { min: mode === 'edit' ? (editing?.node.sequence ?? 1) : 1, step: 1 } }}
        error={!!err('sequence')} helperText={err('sequence')}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {mode === 'new' ? (
          <FormControlLabel
            control={<Checkbox checked={values.isSubMenu} onChange={(e) => void setValues({ ...values, isSubMenu: e.target.checked, pageid: '', menuname: '' })} />}
            label="Is sub menu"
          />
        ) : null}
        <FormControlLabel control={<Checkbox checked={values.landPage} onChange={(e) => void setFieldValue('landPage', e.target.checked)} />} label="Landing page" />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" onClick={() => navigate(back)}>Cancel</Button>
        <Button variant="contained" type="submit" disabled={saving}>Save</Button>
      </Box>
    </Paper>
  );
}
