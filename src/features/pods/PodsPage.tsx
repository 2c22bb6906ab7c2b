/** /pods: the chats page (spec section 2). Placeholder until the pods and chats issue. */
import { ComingSoon } from '../shell/ComingSoon';

export function PodsPage() {
  return <ComingSoon title="Pods" line="Pod chats are coming in the next update." />;
}
