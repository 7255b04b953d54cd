using System.Diagnostics.Metrics;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>An IMeterFactory whose meters a test can tell apart from every other Meter in the process.</summary>
internal sealed class TestMeterFactory : IMeterFactory
{
    private readonly List<Meter> _meters = new();

    public IReadOnlyList<Meter> Meters => _meters;

    public Meter Create(MeterOptions options)
    {
        var meter = new Meter(options.Name, options.Version, options.Tags, scope: this);
        _meters.Add(meter);
        return meter;
    }

    public void Dispose()
    {
        foreach (Meter meter in _meters)
        {
            meter.Dispose();
        }
    }
}
