import { Inbox, TriangleAlert } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useConfirm } from '../../../components/ConfirmDialog';
import { getIntake, setIntake } from '../api/intake';
import '../intake.css';

/**
 * The dashboard's word on the enquiries' intake bucket, for admins: whether enquiries arrived
 * through it (the form server was down) and when, every problem with what to do, and the switch.
 * Nothing when no intake is configured.
 */
export function IntakePanel() {
  const { data, reload, setData } = useLoad(getIntake, []);
  const confirm = useConfirm();
  if (!data?.configured) return null;

  const toggle = async () => {
    if (data.enabled) {
      const ok = await confirm({
        title: 'Switch the intake off',
        message: 'While this server is down, visitors will be offered the phone, WhatsApp and e-mail at once instead of their enquiry being kept in the bucket. Switch it off?',
        confirmLabel: 'Switch off',
        danger: true,
      });
      if (!ok) return;
    }
    try {
      const res = await setIntake(!data.enabled);
      setData(res.intake);
      toast.success(res.message);
    } catch (err) {
      toast.error(errorMessage(err, 'The intake could not be switched.'));
      void reload();
    }
  };

  return (
    <section className="card intake-panel" aria-labelledby="intake-title">
      <div className="card-header">
        <h2 id="intake-title">
          <Inbox size={18} aria-hidden="true" /> Enquiries while the server is down
        </h2>
        <span className={`status-badge ${data.enabled ? 'status-badge-new' : 'status-badge-archived'}`}>{data.enabled ? 'On' : 'Off'}</span>
      </div>
      <p className="muted">
        {data.arrived === 0
          ? 'No enquiry has needed the intake bucket yet: the form server answered every one.'
          : `${data.arrived} ${data.arrived === 1 ? 'enquiry' : 'enquiries'} arrived through the intake bucket while the form server was down, the last on ${formatDateTime(data.lastArrival)}.`}
        {data.waiting > 0 && ` ${data.waiting} waiting to be taken in.`}
      </p>
      {(data.problems ?? []).map((p) => (
        <div key={p.code} className="notice notice-error" role="status">
          <TriangleAlert size={20} aria-hidden="true" />
          <p>
            {p.text} <strong>What to do:</strong> {p.fix}
          </p>
        </div>
      ))}
      <button type="button" className="btn btn-secondary btn-small" onClick={() => void toggle()}>
        {data.enabled ? 'Switch the intake off' : 'Switch the intake on'}
      </button>
    </section>
  );
}
