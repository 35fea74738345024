/** What the home page renders with (decision 080): its banners, centers and class lists; the notice and the menu are the chrome's. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export type HomeListId = 'sign_up_for_upcoming_class' | 'sign_up_is_coming_to_end' | 'make_full_appointment_class';
const HOME_LISTS: HomeListId[] = ['sign_up_for_upcoming_class', 'sign_up_is_coming_to_end', 'make_full_appointment_class'];

export const bannersQuery = () => apiQuery('exhibition_banner', {}, { staleTime: 5 * 60_000 });
export const centersQuery = () => apiQuery('homepage_center', {}, { staleTime: 5 * 60_000 });
export const seckillQuery = () => apiQuery('seckill_class_curriculum', {});
export const homeListQuery = (list: HomeListId) => apiQuery(list, {});

export const data: RouteData<'home'> = ({ ask }) => [ask(bannersQuery()), ask(centersQuery()), ask(seckillQuery()), ...HOME_LISTS.map((list) => ask(homeListQuery(list)))];
