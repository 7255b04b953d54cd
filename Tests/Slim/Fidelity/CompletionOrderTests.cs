using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>
/// Inside a cycle (children that point back to their parent), collections are filled before any [OnDeserialized]
/// runs, so a child's callback finds itself in its parent's object-keyed dictionary.
/// </summary>
public sealed class CallbackInCycleTests : CodecTester<CallbackParent>
{
    protected override CallbackParent CreateValue()
    {
        var parent = new CallbackParent();
        foreach (string name in new[] { "a", "b" })
        {
            var key = new KeyOf(name);
            parent.Children[key] = new CallbackChild { Owner = parent, Key = key };
        }
        return parent;
    }

    protected override void CheckCopy(CallbackParent original, CallbackParent copy)
    {
        foreach (CallbackChild child in copy.Children.Values)
        {
            Assert.That(child.FoundItselfOnDeserialized, Is.True, child.Key!.Name);
        }
    }
}
