import { Link } from 'react-router-dom';
import { RecordPage } from '#src/components/ui/record-page.tsx';
import { AppointmentView } from './appointment-view.tsx';
import { JourneySteps } from '../../components/journey/journey-steps.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

/** What the page says when its address names no record. */
const MISSING = { title: '没有找到要报名的课程', hint: '链接可能不完整，请从课程详情页点击报名。', action: <Link to={href('search')}>去选课</Link> };

export function AppointmentPage() {
  const search = useRouteSearch('signUp');
  return (
    <RecordPage title="课程报名" intro="选择报名的孩子，确认上课时间与费用后提交报名。" actions={<JourneySteps current={1} />} id={search.id} missing={MISSING}>
      {(classId) => <AppointmentView classId={classId} />}
    </RecordPage>
  );
}
