import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { AppointmentView } from './appointment-view.tsx';
import { JourneySteps } from '../../components/journey/journey-steps.tsx';
import { useIdParam } from '../../lib/use-id-param.ts';

export function AppointmentPage() {
  const classId = useIdParam('id');
  return (
    <PageFrame title="课程报名" intro="选择报名的孩子，确认上课时间与费用后提交报名。" actions={<JourneySteps current={1} />}>
      {classId === null ? (
        <EmptyState title="没有找到要报名的课程" hint="链接可能不完整，请从课程详情页点击报名。" action={<Link to="/searchHome">去选课</Link>} />
      ) : (
        <AppointmentView classId={classId} />
      )}
    </PageFrame>
  );
}
