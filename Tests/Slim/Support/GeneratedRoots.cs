using NFX.Slim;

// The models the suite reaches only through generic helpers (RoundTrip.Check<T>), which name no type at a call of
// Slim: named here so the source generator writes their codecs, and every round trip of them runs both paths.
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.Node))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.Perzon))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.WithReadonly))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.Order))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.Drawing))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.Dog))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.Derived))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.WithNonSerialized))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.WithCallbacks))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.WithDelegate))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.Secretive))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.Holder))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.KeyObject))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Support.AlwaysEqual))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.AllTypesTests.AllTypes))]
[assembly: SlimSerializable(typeof(Golden.Node))]
[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Generated.GeneratedCodecTests.PointHolder))]
