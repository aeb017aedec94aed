import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { locationChanged, registerNavigator } from './navigation';

/** Rendered once inside the router: connects `navigation/navigateTo` and `router/locationChanged` to it. */
export function RouterBridge() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dispatch = useDispatch();

  useEffect(() => registerNavigator((to, { replace }) => void navigate(to, { replace })), [navigate]);

  useEffect(() => {
    dispatch(locationChanged({ pathname }));
  }, [pathname, dispatch]);

  return null;
}
