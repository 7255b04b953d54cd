using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>[OnSerializing]/[OnSerialized] run on the source in DeepClone as in Serialize, so a snapshot made there travels.</summary>
public sealed class SnapshotCallbackTests : CodecTester<Snapshotting>
{
    protected override Snapshotting CreateValue() => new(1, 2, 3);

    protected override void CheckCopy(Snapshotting original, Snapshotting copy)
    {
        Assert.That(copy.Live, Is.EqualTo(new[] { 1, 2, 3 }), "restored in [OnDeserialized] from the [OnSerializing] snapshot");
        Assert.That(original.SerializedCount, Is.GreaterThan(0), "[OnSerialized] ran on the source");
        Assert.That(original.HasSnapshot, Is.False, "[OnSerialized] dropped the snapshot [OnSerializing] made");
    }
}
